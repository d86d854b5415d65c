/**
 * The web host's page opened without its access token (a bookmark, a copied address without its
 * `#token=...`, a new tab): it can reach nothing, so it shows no case list and no control that
 * writes, only how to open the app (issue 23, item 5: "No cases yet" with a working Create button
 * read as data loss).
 */
export function NoAccessPage() {
  return (
    <main className="no-access" aria-labelledby="no-access-title">
      <h1 id="no-access-title">Open Trace Graph from its own address</h1>
      <p>
        This page was opened without its access key, so it cannot show or change your cases. Nothing is wrong
        with them.
      </p>
      <ol>
        <li>
          Find the terminal where the web host runs. When it started it printed{' '}
          <code>Trace Graph is served at http://127.0.0.1:…/#token=…</code>: open that whole address.
        </li>
        <li>
          If it is no longer running, start it again with <code>npm run web -- --open</code>, which opens the
          app in your browser with a new key.
        </li>
      </ol>
      <p className="muted">
        The key changes every time the web host starts and stays in this tab only, so that no other program or
        page on this computer can use the app.
      </p>
    </main>
  );
}
