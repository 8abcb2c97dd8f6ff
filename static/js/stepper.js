// The layer stepper's arrow keys: ← and → follow the Previous and Next links.
// Without this script the links still work; with htmx they swap in place.
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const field = event.target.closest && event.target.closest("input, textarea, select");
  if (field) return;
  const which = { ArrowRight: "[data-next]", ArrowLeft: "[data-prev]" }[event.key];
  const link = which && document.querySelector(which);
  if (link) {
    event.preventDefault();
    link.click();
  }
});
document.addEventListener("htmx:afterSwap", (event) => {
  if (event.detail.target && event.detail.target.id === "frame") {
    const frame = document.getElementById("frame");
    if (frame) frame.focus({ preventScroll: false });
  }
});
