import { mount } from 'svelte';
import App from './app.svelte';
import { bridge, connection } from './lib/bridge';
import { switchLocale } from './lib/i18n/locale.svelte';
import { rememberStartLanguage } from './lib/i18n/language-choice.svelte';
import { startLanguage } from './lib/i18n/start-language';
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('Quotedesk cannot start: the page has no #app element.');

// The language is known before the first paint (the host wrote it into the page), so nothing
// shows in English first.
const language = startLanguage(document.documentElement, navigator.languages);
switchLocale(language.locale);
rememberStartLanguage(language, bridge);
mount(App, { target, props: { api: bridge, connection } });
