import { ChangeDetectionStrategy, Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import { createSessionLedger, type EventPayload, type SessionLedger } from '@svc-embed/host';
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
        <button type="button" data-action="sign-out" (click)="signOut()">Sign out</button>
      } @else {
        <button type="button" data-action="sign-in" (click)="signIn()">Sign in</button>
      }
    </header>
    <main>
      <svc-embed
        #analytics
        [ledger]="ledger()"
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
  /** The viewer's ledger: signed out here or in another of the viewer's tabs, the button offers to sign in again. */
  protected readonly ledger = signal(this.newLedger());

  protected record(line: string): void {
    this.log.update((lines) => [...lines, line]);
  }

  protected onDownload(payload: EventPayload<'download'>): void {
    this.record(`download ${payload.format} ${payload.widgetId ?? ''}`.trim());
  }

  /** Revokes every id minted for the viewer and removes the iframe; the element stays signed out until it gets a new ledger. */
  protected async signOut(): Promise<void> {
    const { revoked } = await this.ledger().logout();
    this.record(`signed out, ${revoked.length} revoked`);
  }

  protected signIn(): void {
    this.ledger.set(this.newLedger());
    this.signedIn.set(true);
  }

  private newLedger(): SessionLedger {
    const ledger = createSessionLedger();
    ledger.onLogout(() => this.signedIn.set(false));
    return ledger;
  }
}
