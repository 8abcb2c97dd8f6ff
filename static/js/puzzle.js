// After an answer, htmx swaps the result in: move focus there so keyboard and
// screen-reader users land on the verdict instead of a button that no longer exists.
document.body.addEventListener("htmx:afterSettle", (event) => {
  const play = document.getElementById("play");
  if (play && event.detail.requestConfig?.verb === "post") play.focus();
});
