// The element page's only script: the logout button. Everything else is markup.
document.getElementById('logout').addEventListener('click', () => {
  for (const element of document.querySelectorAll('svc-embed')) element.logout();
});
