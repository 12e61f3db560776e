// Table talk: new lines arrive by a waiting poll (the server holds it until the table's
// talk changes); number keys send a quick phrase; focus stays where it was after a send.
// While the page's live socket carries the talk (live.js, live_more.js: <html
// data-live-talk="on">), the page asks once per notice ("live:talk") instead of waiting.
(() => {
  "use strict";
  const panel = document.getElementById("talk");
  const log = document.getElementById("talk-log");
  const feed = document.getElementById("talk-feed");
  if (!panel || !log || !feed) return;
  const url = panel.dataset.talkUrl;
  let after = Number(panel.dataset.talkAfter || 0);
  const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
  const toBottom = () => { feed.scrollTop = feed.scrollHeight; };

  function add(html) {
    const holder = document.createElement("template");
    holder.innerHTML = html;  // the server escaped every word: these are its own elements
    for (const line of holder.content.querySelectorAll("li[data-id]")) {
      const id = Number(line.dataset.id);
      if (id > after) {
        log.appendChild(line);
        after = id;
      }
    }
    if (window.htmx) window.htmx.process(log);
    toBottom();
  }

  const LIVE_QUIET = 60000;  // ms: with the socket open, ask anyway after this long
  let notices = 0;
  document.addEventListener("live:talk", () => { notices += 1; });
  const carried = () => document.documentElement.dataset.liveTalk === "on";
  // Resolves at the first notice after `seen` notices (at once if one came already).
  const noticeAfter = (seen) => new Promise((done) => {
    if (notices !== seen) { done(); return; }
    const finish = () => {
      clearTimeout(timer);
      document.removeEventListener("live:talk", finish);
      done();
    };
    const timer = setTimeout(finish, LIVE_QUIET);
    document.addEventListener("live:talk", finish);
  });

  async function poll() {
    let seen = -1;  // the first round asks at once
    for (;;) {
      if (carried()) await noticeAfter(seen);
      seen = notices;
      const live = carried();
      const asked = Date.now();
      try {
        const wait = live ? "" : "&wait=1";
        const answer = await fetch(`${url}?after=${after}${wait}`, { credentials: "same-origin" });
        if (answer.status === 200) add(await answer.text());
        else if (answer.status === 403 || answer.status === 404) return;
        else if (answer.status !== 204) await sleep(5000);
      } catch (_) {
        await sleep(5000);
      }
      if (!live && Date.now() - asked < 500) await sleep(1000);  // the server could not wait: ask calmly
    }
  }

  // A number key sends its phrase while focus is in the talk panel (not in the text box).
  panel.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    if (event.target.closest("input, textarea, select")) return;
    const button = panel.querySelector(`.talk-phrase[data-shortcut="${event.key}"]`);
    if (button) {
      event.preventDefault();
      button.click();
    }
  });

  // The composer is swapped after each send: put focus back on what had it.
  let focused = null;
  document.body.addEventListener("htmx:beforeRequest", (event) => {
    if (!panel.contains(event.target)) return;
    const active = document.activeElement;
    focused = active && panel.contains(active) ? (active.dataset.testid || active.id) : null;
  });
  document.body.addEventListener("htmx:afterSwap", (event) => {
    if (!focused || !panel.contains(event.target)) return;
    const again = panel.querySelector(`[data-testid="${focused}"], #${CSS.escape(focused)}`);
    if (again) again.focus();
    focused = null;
  });

  toBottom();
  poll();
})();
