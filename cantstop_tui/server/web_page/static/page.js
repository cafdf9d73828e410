// The page's own script (no inline script: the Content-Security-Policy allows this server's
// files only). "Start" and "Play again" load the page again, without textual.js's ?delay.
window.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("button.restart")) {
    button.addEventListener("click", () => {
      const url = new URL(window.location.href);
      url.searchParams.delete("delay");
      window.location.href = url.pathname + url.search;
    });
  }
});
