// The builder's step form shows only the fields the chosen verb uses.
// Without this script every field shows, and the form still works.
function showFieldsFor(form) {
  const verb = form.querySelector("[name=verb]");
  if (!verb) return;
  for (const element of form.querySelectorAll("[data-verbs]")) {
    element.hidden = !element.dataset.verbs.split(" ").includes(verb.value);
  }
}

function showAll() {
  for (const form of document.querySelectorAll(".step-form")) showFieldsFor(form);
}

document.addEventListener("change", (event) => {
  if (event.target.name === "verb" && event.target.form) showFieldsFor(event.target.form);
});
document.addEventListener("htmx:afterSettle", showAll);
document.addEventListener("DOMContentLoaded", showAll);
