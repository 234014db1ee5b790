/** The happy-dom settings of this test file that decide what an iframe does with its `src`. */
export function happyDomIframeSettings(): { disableIframePageLoading: boolean; enableIframePageLoading: boolean; disableChildFrameNavigation: boolean } {
  const { settings } = (globalThis as unknown as { happyDOM: { settings: { disableIframePageLoading: boolean; enableIframePageLoading: boolean; navigation: { disableChildFrameNavigation: boolean } } } }).happyDOM;
  return {
    disableIframePageLoading: settings.disableIframePageLoading,
    enableIframePageLoading: settings.enableIframePageLoading,
    disableChildFrameNavigation: settings.navigation.disableChildFrameNavigation,
  };
}
