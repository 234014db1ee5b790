// The element page's only script: the logout button. Everything else is markup. Its elements use
// the session endpoint, so one logout signs the viewer out everywhere: the endpoint revokes every id
// of the viewer, and the page's other elements and the viewer's other tabs end their embeds at once.
// An element signed out by another tab still signs out through the endpoint when asked (idempotent),
// so the button asks each element, one after the other (two sign-outs at once would each see the
// other's ids as still being revoked), and shows what happened.
document.getElementById('logout').addEventListener('click', async () => {
  const results = [];
  for (const element of document.querySelectorAll('svc-embed')) results.push(await element.logout());
  const complete = results.every((result) => result.complete);
  const revoked = results.reduce((count, result) => count + result.revoked.length, 0);
  const why = results.find((result) => !result.complete)?.message;
  document.getElementById('logout-result').textContent = complete ? `Signed out: ${revoked} ids revoked.` : `The sign-out did not complete: log out again. ${why}`;
});
