// "Copy link": copies the share link. Without this script the link is still
// shown in a read-only field to copy by hand, so the button stays hidden.
for (const button of document.querySelectorAll("[data-copy]")) {
  const field = document.querySelector(button.dataset.copy);
  const status = button.closest(".share")?.querySelector(".share__status");
  if (!field || !navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      if (status) status.textContent = "Link copied.";
    } catch {
      field.select();
      if (status) status.textContent = "Select the link and copy it (Ctrl+C or ⌘C).";
    }
  });
}
