// Registers <svc-embed> (and types it: its tag, and its svc-* events with their `detail`), then
// starts the app (standalone, zoneless).
import '@svc-embed/host/element';
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { AppComponent } from './app/app.component';

bootstrapApplication(AppComponent, { providers: [provideZonelessChangeDetection()] }).catch((error: unknown) => console.error(error));
