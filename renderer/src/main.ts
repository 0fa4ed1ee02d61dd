import { mount } from 'svelte';
import App from './app.svelte';
import { bridge, connection } from './lib/bridge';
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('Quotedesk cannot start: the page has no #app element.');

mount(App, { target, props: { api: bridge, connection } });
