// Registers <svc-embed> (and types it for Svelte's templates), then mounts the app.
import '@svc-embed/host/element';
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.getElementById('app')! });
