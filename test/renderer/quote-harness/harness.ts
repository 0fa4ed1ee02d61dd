// A look-only harness for the quote views with fixture data, for screenshots in Chromium
// (light and dark). Not shipped; `?scenario=` picks the view.
import { mount } from 'svelte';
import '../../../renderer/src/app.css';
import Gallery from './gallery.svelte';

const scenario = new URLSearchParams(location.search).get('scenario') ?? 'detail';
mount(Gallery, { target: document.getElementById('app')!, props: { scenario } });
