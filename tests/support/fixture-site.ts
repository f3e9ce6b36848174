/**
 * The test's own web page for the computer-use spec: a static server on loopback, allow-listed for the app's
 * machines in the e2e run only (VM_ALLOW_HOSTS), since machines never reach loopback otherwise.
 */
export const FIXTURE_SITE = {
  port: Number(process.env.E2E_FIXTURE_PORT ?? 3114),
  get allowHosts() {
    return `localhost:${this.port},127.0.0.1:${this.port}`;
  },
  get formUrl() {
    return `http://localhost:${this.port}/fixtures/form.html`;
  },
  /** A page whose note field sends what is typed (Enter) to notesUrl. */
  get noteUrl() {
    return `http://localhost:${this.port}/fixtures/note.html`;
  },
  /** The notes note.html sent, as a JSON list (read by the test from loopback). */
  get notesUrl() {
    return `http://127.0.0.1:${this.port}/fixtures/notes`;
  },
};
