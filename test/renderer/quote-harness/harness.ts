// A look-only harness for the quote views with fixture data, for screenshots in Chromium
// (light and dark). Not shipped; `?scenario=` picks the view.
import { mount } from 'svelte';
import '../../../renderer/src/app.css';
import { ThemeState } from '../../../renderer/src/lib/theme.svelte';
import Gallery from './gallery.svelte';

// The page's theme follows the (emulated) system, as the app's does.
new ThemeState();
const scenario = new URLSearchParams(location.search).get('scenario') ?? 'detail';
mount(Gallery, { target: document.getElementById('app')!, props: { scenario } });
