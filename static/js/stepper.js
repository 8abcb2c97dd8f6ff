// The steppers' keyboard help. Layers: ← and → follow the Previous and Next links.
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
// After a step or a choice is swapped in, focus moves to it, so that keyboard and
// screen-reader users carry on from the new content rather than from the page's top.
document.addEventListener("htmx:afterSwap", (event) => {
  const id = event.detail.target && event.detail.target.id;
  if (id === "frame" || id === "walk") {
    const swapped = document.getElementById(id);
    if (swapped) swapped.focus({ preventScroll: false });
  }
});
