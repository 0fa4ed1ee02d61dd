import { mount } from 'svelte';
import App from './app.svelte';
import { bridge, connection } from './lib/bridge';
import { negotiate } from '../../i18n/locale';
import { switchLocale } from './lib/i18n/locale.svelte';
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('Quotedesk cannot start: the page has no #app element.');

// The language is known before the first paint, so nothing shows in English first.
switchLocale(negotiate(navigator.languages));
mount(App, { target, props: { api: bridge, connection } });
