// Type tests for <svc-embed> in TSX (strict, jsx: react-jsx, React 19's types), against the built
// element entry as users get it: every line marked @ts-expect-error must fail to compile, every
// other line must compile. Checked by ../types.node.test.ts.
import '@svc-embed/host/element';
import type { SvcEmbedElement } from '@svc-embed/host/element';
import { useEffect, useRef } from 'react';

// The attributes, as markup writes them; allow-export is a boolean attribute.
<svc-embed base-url="https://tenant.example" public-id="d-42" />;
<svc-embed base-url="https://tenant.example" src="https://tenant.example/embed/chat" allow-export timezone="Europe/Berlin" session-endpoint="/api/embed-session" />;
// And what any element takes: className, style, id, aria-*, data-*, React's own handlers.
<svc-embed base-url="https://tenant.example" public-id="d-42" className="analytics" style={{ height: 640 }} id="sales" aria-label="Sales" data-test="x" onClick={(event) => event.clientX} />;
// @ts-expect-error allow-export is a boolean
<svc-embed base-url="https://tenant.example" public-id="d-42" allow-export="yes" />;
// @ts-expect-error base-url is a string
<svc-embed base-url={new URL('https://tenant.example')} public-id="d-42" />;
// @ts-expect-error an unknown attribute (the attribute is public-id, the property publicId)
<svc-embed base-url="https://tenant.example" publicid="d-42" />;
// @ts-expect-error an unknown attribute
<svc-embed base-url="https://tenant.example" dashboard="d-42" />;

// Events: React 19 listens to on<type> props of a custom element, typed by the svc-* event.
<svc-embed base-url="https://tenant.example" public-id="d-42" onsvc-download={(event) => event.detail.format satisfies 'csv' | 'xlsx' | 'png' | 'pdf'} />;
<svc-embed base-url="https://tenant.example" public-id="d-42" onsvc-renewal-failed={(event) => event.detail.error.code} onsvc-ready={(event) => event.detail.mode} />;
// @ts-expect-error no such field on the download payload
<svc-embed base-url="https://tenant.example" public-id="d-42" onsvc-download={(event) => event.detail.rows} />;

// ref is the element, whose svc-* events are in HTMLElementEventMap with their detail typed.
function Dashboard() {
  const ref = useRef<SvcEmbedElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const onDownload = (event: CustomEvent<{ format: string }>) => console.log(event.detail.format);
    element.addEventListener('svc-download', onDownload);
    element.addEventListener('svc-download', (event) => event.detail.format satisfies 'csv' | 'xlsx' | 'png' | 'pdf');
    // @ts-expect-error no such field on the download payload
    element.addEventListener('svc-download', (event) => event.detail.rows);
    element.setColorScheme('dark');
    return () => element.removeEventListener('svc-download', onDownload);
  }, []);
  return <svc-embed ref={ref} base-url="https://tenant.example" public-id="d-42" style={{ display: 'block', height: 640 }} />;
}
// @ts-expect-error ref is an svc-embed element, not a div
<svc-embed ref={useRef<HTMLDivElement>(null)} base-url="https://tenant.example" />;
void Dashboard;
