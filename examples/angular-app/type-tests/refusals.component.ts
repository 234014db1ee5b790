// Type tests, compiled by ngc with tsconfig.refusals.json (the repository's test of the examples
// runs it): the template line under each "refused:" comment must fail to compile, every other line
// must compile. Angular templates have no @ts-expect-error, hence the test reads the lines of the
// errors. Not part of the app's bundle.
import '@svc-embed/host/element';
import { Component, CUSTOM_ELEMENTS_SCHEMA } from '@angular/core';
import { createEmbed } from '@svc-embed/host';

// Signed or private, said out loud, under TypeScript 5.9: an unused directive is an error on its own
// line, which the test's exact list of refused lines does not have.
export function options(): void {
  createEmbed({ baseUrl: 'https://tenant.example', publicId: 'd-42', container: '#a', mode: 'private' });
  // @ts-expect-error an unknown option (a misspelt sessionEndpoint)
  createEmbed({ baseUrl: 'https://tenant.example', publicId: 'd-42', container: '#a', mode: 'private', sessionEndPoint: '/api/embed-session' });
  // @ts-expect-error a signed option beside mode: 'private'
  createEmbed({ baseUrl: 'https://tenant.example', publicId: 'd-42', container: '#a', mode: 'private', sessionEndpoint: '/api/embed-session' });
}

@Component({
  selector: 'app-refusals',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <svc-embed base-url="https://tenant.example" public-id="d-42" (svc-download)="track($event.detail.format)"></svc-embed>
    <!-- refused: a field the download payload does not have -->
    <svc-embed base-url="https://tenant.example" public-id="d-42" (svc-download)="track($event.detail.rows)"></svc-embed>
    <!-- refused: a misspelled event whose detail is read (its $event is a plain Event) -->
    <svc-embed base-url="https://tenant.example" public-id="d-42" (svc-downlaod)="track($event.detail.format)"></svc-embed>
    <!-- refused: a method the element does not have -->
    <svc-embed #embed (svc-ready)="embed.setColourScheme('dark')"></svc-embed>
    <!-- refused: not a color scheme -->
    <svc-embed #other (svc-ready)="other.setColorScheme('sepia')"></svc-embed>
    <!-- accepted: under CUSTOM_ELEMENTS_SCHEMA Angular takes any attribute and property of a custom element, and any event whose $event is not read -->
    <svc-embed base-urll="https://tenant.example" [publicIdd]="'d-42'" (svc-downlaod)="track('csv')"></svc-embed>
  `,
})
export class RefusalsComponent {
  protected track(format: 'csv' | 'xlsx' | 'png' | 'pdf'): string {
    return format;
  }
}
