// Live classes: one websocket per page. The server sends HTML (rendered and escaped
// there) for #live-panel; this script puts it in place, sends a student's answer, and
// sends the teacher's buttons and push forms as actions. It reconnects on its own.
// An answer is kept (also across a reload) until the server acknowledges its id, and is
// sent again after every reconnection: a server process that dies loses nothing. A
// heartbeat every 10 s keeps the student "online" (tutor/classes/presence.py).
const root = document.querySelector("[data-live]");
if (root) {
  const code = root.dataset.live;
  const panel = document.getElementById("live-panel");
  const status = document.getElementById("live-status");
  const teacher = root.hasAttribute("data-teacher");
  let socket = null;
  let retry = 500;
  let timer = null;
  let removed = false;
  let ended = false;

  const say = (text) => { status.textContent = text; };

  // Teacher's messages written while the connection is down wait here and go out when
  // it is back.
  const waiting = [];
  const send = (message) => {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return true;
    }
    waiting.push(message);
    say("Not connected: it will be sent when the connection is back…");
    return false;
  };

  // Answers not yet acknowledged, by id: sent again on every (re)connection until the
  // server says it has them (it keeps one answer per student and question, so a repeat
  // is harmless and acknowledged too).
  const storeKey = `live-pending-${code}`;
  const pending = new Map();
  try {
    for (const message of JSON.parse(sessionStorage.getItem(storeKey) || "[]")) {
      pending.set(message.id, message);
    }
  } catch (_) { /* nothing kept, or storage is off */ }
  const keep = () => {
    try { sessionStorage.setItem(storeKey, JSON.stringify([...pending.values()])); } catch (_) { /* storage off */ }
  };
  const newId = () => (window.crypto && crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
  const sendPending = () => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    for (const message of pending.values()) socket.send(JSON.stringify(message));
  };
  // An answer form whose answer is on its way shows that, not the form again.
  const markSending = () => {
    for (const message of pending.values()) {
      const form = panel.querySelector(`form[data-answer][data-question="${message.question}"]`);
      if (!form) continue;
      const note = document.createElement("p");
      note.className = "notice";
      note.textContent = "Sending your answer…";
      form.replaceWith(note);
    }
  };

  // A timed question: count down, and (on the teacher's page) lock answers at zero.
  const countdown = () => {
    clearInterval(timer);
    const clock = panel.querySelector("[data-seconds-left]");
    if (!clock) return;
    // Seconds left as the server counted them: the browser's clock may be wrong.
    const end = Date.now() + 1000 * Number(clock.dataset.secondsLeft);
    const shown = clock.querySelector("[data-countdown]");
    timer = setInterval(() => {
      const left = Math.max(0, Math.round((end - Date.now()) / 1000));
      if (shown) shown.textContent = String(left);
      if (left === 0) {
        clearInterval(timer);
        if (teacher) send({ action: "lock" });
      }
    }, 1000);
  };

  // What a student has typed or ticked but not sent yet: kept when the same question is
  // redrawn (a reconnection or a timer redraws the panel while they answer).
  const draftOf = () => {
    const form = panel.querySelector("form[data-answer]");
    if (!form) return null;
    const fields = [...form.querySelectorAll("input, select, textarea")].map((field) => ({
      name: field.name, value: field.value, checked: field.checked,
      focused: field === document.activeElement,
    }));
    return { question: form.dataset.question, fields };
  };
  const restoreDraft = (draft) => {
    const form = draft && panel.querySelector(`form[data-answer][data-question="${draft.question}"]`);
    if (!form) return false;
    let focused = false;
    for (const saved of draft.fields) {
      const field = [...form.querySelectorAll("input, select, textarea")].find((f) =>
        f.name === saved.name && (f.type === "checkbox" || f.type === "radio" ? f.value === saved.value : true));
      if (!field) continue;
      if (field.type === "checkbox" || field.type === "radio") field.checked = saved.checked;
      else if (field.type !== "hidden") field.value = saved.value;
      if (saved.focused) { field.focus(); focused = true; }
    }
    return focused;
  };

  const show = (html) => {
    const hadFocus = panel.contains(document.activeElement);
    // The teacher's "peek" at the key stays open while the same question is redrawn.
    const peeked = panel.querySelector("details[data-peek][open]")?.dataset.peek;
    const draft = draftOf();
    panel.innerHTML = html;
    const peek = panel.querySelector("details[data-peek]");
    if (peek && peeked === peek.dataset.peek) peek.open = true;
    if (window.htmx) window.htmx.process(panel);
    const keptFocus = restoreDraft(draft);
    markSending();
    countdown();
    const heading = panel.querySelector("h2[tabindex]");
    if (hadFocus && !keptFocus && heading) heading.focus();
  };

  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/live/${encodeURIComponent(code)}/`);
    socket.addEventListener("open", () => {
      retry = 500;
      say("Connected.");
      while (waiting.length) socket.send(JSON.stringify(waiting.shift()));
      sendPending();
    });
    socket.addEventListener("message", (event) => {
      const data = JSON.parse(event.data);
      if (typeof data.html === "string") show(data.html);
      if (data.type === "error") {
        say(data.message);
        if (data.id && pending.has(data.id)) {
          if (data.final) {
            pending.delete(data.id);
            keep();
          } else {
            setTimeout(sendPending, 3000);
          }
        }
      }
      if (data.type === "removed") { removed = true; say(data.message); }
      if (data.type === "answered") {
        if (data.id) { pending.delete(data.id); keep(); }
        const form = panel.querySelector(`form[data-answer][data-question="${data.question}"]`);
        const sending = form || [...panel.querySelectorAll("p.notice")].find((p) => p.textContent === "Sending your answer…");
        if (sending && typeof data.notice === "string") {
          const holder = document.createElement("template");
          holder.innerHTML = data.notice;
          sending.replaceWith(holder.content);
        }
        say(data.repeat ? "You had already answered: your first answer stands." : "Answer received.");
      }
      if (data.type === "state" && data.action === "push" && !teacher) say("A new question.");
      if (data.type === "state" && data.action === "reveal") say("The answer is revealed.");
      if (data.type === "state" && data.action === "end") ended = true;
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 4403 || event.code === 4400) {
        if (ended || panel.querySelector("[data-ended]")) {
          // The panel's heading says it; the status line says it once more only to
          // screen readers (one clear sentence on screen, not a second one above it).
          status.classList.add("visually-hidden");
          say("The session has ended.");
        } else if (!removed) {
          say("This session isn't open to you (it may have ended). Reload to join again.");
        }
        return;
      }
      say("Connection lost: reconnecting…");
      // Spread out: a whole class whose server went away must not all knock at once.
      setTimeout(connect, retry * (0.5 + Math.random()));
      retry = Math.min(retry * 2, 8000);
    });
  };

  // A student's answer: the form inside the panel.
  panel.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-answer]");
    if (!form) return;
    event.preventDefault();
    const data = new FormData(form);
    const picked = data.getAll("answer");
    const typed = (data.get("typed") || "").trim();
    const several = form.dataset.multiple === "true" || form.dataset.ordered === "true";
    const answer = several ? picked : typed || picked[0] || "";
    const message = { action: "answer", id: newId(), question: Number(form.dataset.question), answer };
    pending.set(message.id, message);
    keep();
    markSending();
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
    } else {
      say("Not connected: your answer will be sent when the connection is back…");
    }
  });

  // The teacher's buttons (lock, reveal, step, walk, end) and push forms.
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    event.preventDefault();
    const message = { action: button.dataset.action };
    if (button.dataset.step !== undefined) message.step = Number(button.dataset.step);
    if (button.dataset.path !== undefined) message.path = button.dataset.path;
    if (message.action === "end" && !window.confirm("End the session for everyone?")) return;
    send(message);
  });
  root.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-push]");
    if (!form) return;
    event.preventDefault();
    const source = { kind: form.dataset.push, ...Object.fromEntries(new FormData(form)) };
    if (source.kind === "board") source.token = source.token.trim().split("/").filter(Boolean).pop() || "";
    const seconds = Number(document.getElementById("push-timer")?.value || 0);
    send({ action: "push", source, timer: seconds > 0 ? seconds : null });
  });

  // The heartbeat: presence is "heard from lately", so a page that is open says so.
  setInterval(() => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ action: "ping" }));
  }, 10000);

  connect();
}
