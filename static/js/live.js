// Live classes: one websocket per page. The server sends HTML (rendered and escaped
// there) for #live-panel; this script puts it in place, sends a student's answer, and
// sends the teacher's buttons and push forms as actions. It reconnects on its own.
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

  const say = (text) => { status.textContent = text; };

  // Messages written while the connection is down wait here and go out when it is back
  // (the server takes a repeated answer only once).
  const waiting = [];
  const send = (message) => {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
    } else {
      waiting.push(message);
      say("Not connected: it will be sent when the connection is back…");
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

  const show = (html) => {
    const hadFocus = panel.contains(document.activeElement);
    // The teacher's "peek" at the key stays open while the same question is redrawn.
    const peeked = panel.querySelector("details[data-peek][open]")?.dataset.peek;
    panel.innerHTML = html;
    const peek = panel.querySelector("details[data-peek]");
    if (peek && peeked === peek.dataset.peek) peek.open = true;
    if (window.htmx) window.htmx.process(panel);
    countdown();
    const heading = panel.querySelector("h2[tabindex]");
    if (hadFocus && heading) heading.focus();
  };

  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/live/${encodeURIComponent(code)}/`);
    socket.addEventListener("open", () => {
      retry = 500;
      say("Connected.");
      while (waiting.length) socket.send(JSON.stringify(waiting.shift()));
    });
    socket.addEventListener("message", (event) => {
      const data = JSON.parse(event.data);
      if (typeof data.html === "string") show(data.html);
      if (data.type === "error") say(data.message);
      if (data.type === "removed") { removed = true; say(data.message); }
      if (data.type === "answered") {
        say(data.repeat ? "You had already answered: your first answer stands." : "Answer received.");
      }
      if (data.type === "state" && data.action === "push" && !teacher) say("A new question.");
      if (data.type === "state" && data.action === "reveal") say("The answer is revealed.");
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 4403) {
        if (!removed) say("This session isn't open to you (it may have ended). Reload to join again.");
        return;
      }
      say("Connection lost: reconnecting…");
      setTimeout(connect, retry);
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
    send({ action: "answer", question: Number(form.dataset.question), answer });
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

  connect();
}
