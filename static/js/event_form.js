// The event form shows only the fields the chosen event uses (data-events on each field).
// Without this script every field shows, and the form still works.
function showEventFields(form) {
  const kind = form.querySelector("[name=kind]");
  if (!kind) return;
  for (const field of form.querySelectorAll("[data-events]")) {
    const used = field.dataset.events.split(" ").includes(kind.value);
    // A field with a message about it stays in view.
    field.hidden = !used && !field.querySelector("[aria-invalid=true]");
  }
}

document.addEventListener("change", (event) => {
  if (event.target.name === "kind" && event.target.form) showEventFields(event.target.form);
});
document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll(".event-form")) showEventFields(form);
});
