import { ChangeDetectionStrategy, Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import { createSessionLedger, type EventPayload } from '@svc-embed/host';
import type { SvcEmbedElement } from '@svc-embed/host/element';
import { baseUrl } from './tenant';

/**
 * The `<svc-embed>` element in an Angular template: `CUSTOM_ELEMENTS_SCHEMA` lets Angular accept the
 * element and its attributes; with `strictTemplates`, `$event` of `(svc-download)` is the element's
 * `CustomEvent<DownloadPayload>` (from the element's types in `HTMLElementEventMap`), so a wrong
 * payload field or a misspelled event whose `detail` is read does not compile.
 */
@Component({
  selector: 'app-root',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <header>
      <button type="button" data-action="dark" (click)="analytics.setColorScheme('dark')">Dark</button>
      @if (signedIn()) {
        <button type="button" data-action="sign-out" (click)="signOut(analytics)">Sign out</button>
      } @else {
        <button type="button" data-action="sign-in" (click)="signIn(analytics)">Sign in</button>
      }
    </header>
    <main>
      <svc-embed
        #analytics
        class="dashboard"
        [attr.base-url]="baseUrl"
        public-id="sales-overview"
        session-endpoint="/api/embed-session"
        allow-export
        (svc-ready)="record('ready ' + $event.detail.mode)"
        (svc-dashboard-loaded)="record('dashboard-loaded ' + $event.detail.widgetCount)"
        (svc-download)="onDownload($event.detail)"
      ></svc-embed>
      <ol id="events" aria-label="Events">
        @for (line of log(); track $index) {
          <li>{{ line }}</li>
        }
      </ol>
    </main>
  `,
  styles: ['.dashboard { display: block; height: 560px; }'],
})
export class AppComponent {
  protected readonly baseUrl = baseUrl;
  protected readonly signedIn = signal(true);
  protected readonly log = signal<string[]>([]);

  protected record(line: string): void {
    this.log.update((lines) => [...lines, line]);
  }

  protected onDownload(payload: EventPayload<'download'>): void {
    this.record(`download ${payload.format} ${payload.widgetId ?? ''}`.trim());
  }

  /** Revokes every id minted for the viewer and removes the iframe; the element stays signed out until it gets a new ledger. */
  protected async signOut(element: SvcEmbedElement): Promise<void> {
    this.signedIn.set(false);
    const { revoked } = await element.logout();
    this.record(`signed out, ${revoked.length} revoked`);
  }

  protected signIn(element: SvcEmbedElement): void {
    this.signedIn.set(true);
    element.ledger = createSessionLedger();
  }
}
