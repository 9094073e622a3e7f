/* global document */
// Shows token expiry times in the reader's own time zone (the page works without this).
for (const time of document.querySelectorAll('time[data-local]')) {
  const date = new Date(time.getAttribute('datetime') ?? '')
  if (!Number.isNaN(date.getTime())) time.textContent = date.toLocaleString()
}
