/** The happy-dom settings that decide what an iframe does with its `src`. */
interface HappyDomIframeSettings {
  enableIframePageLoading?: boolean;
  disableIframePageLoading?: boolean;
  navigation?: { disableChildFrameNavigation?: boolean };
}

/** happy-dom's window API (`window.happyDOM`), present only when the test runs in happy-dom. */
function happyDomSettings(): HappyDomIframeSettings | undefined {
  return (globalThis as { happyDOM?: { settings?: HappyDomIframeSettings } }).happyDOM?.settings;
}

/**
 * Keeps happy-dom quiet about iframes. By default happy-dom refuses to load iframe pages and prints a
 * `NotSupportedError: ... Iframe page loading is disabled` stack for every iframe appended and every
 * `src` set, which is every embed a host test makes. With page loading on and child-frame navigation
 * off, an iframe only takes its URL, as a cross-origin frame that loads nothing: no network, no
 * message, and a `load` event as in a browser. Left alone when the test chose an iframe setting itself.
 * @returns whether it changed the settings
 */
export function quietHappyDomIframes(): boolean {
  const settings = happyDomSettings();
  if (!settings?.navigation) return false;
  if (settings.enableIframePageLoading || settings.disableIframePageLoading) return false;
  settings.enableIframePageLoading = true;
  settings.navigation.disableChildFrameNavigation = true;
  return true;
}
