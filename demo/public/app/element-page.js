// The element page's only script: the logout button. Everything else is markup. Its elements use
// the session endpoint, so one logout signs the viewer out everywhere: the endpoint revokes every id
// of the viewer, and the page's other elements and the viewer's other tabs sign out at once.
document.getElementById('logout').addEventListener('click', () => {
  for (const element of document.querySelectorAll('svc-embed')) if (element.embed) element.logout();
});
