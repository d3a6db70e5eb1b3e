// The history page's buttons: archive a finished game, restore an archived table, delete one for
// good after an in-page confirmation naming it. Each posts with postJSON, then shows the page anew.
import { postJSON, showBanner } from "/static/dom.js";

const banner = document.querySelector('[data-test="banner"]');
const dialog = document.querySelector('[data-test="delete-dialog"]');

async function send(url, data) {
  try {
    await postJSON(url, data);
    location.reload();
  } catch (error) {
    showBanner(banner, error);
  }
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-table]");
  if (!button) return;
  const id = Number(button.dataset.table);
  const test = button.dataset.test;
  if (test === "archive") send(`/api/tables/${id}/archive`, { archived: true });
  else if (test === "restore") send(`/api/tables/${id}/archive`, { archived: false });
  else if (test === "delete" && dialog) {
    const name = button.closest("[data-name]").dataset.name;
    dialog.querySelector('[data-test="delete-what"]').textContent =
      `Delete ${name} for good? Its moves and history go with it; this cannot be undone.`;
    dialog.returnValue = "";
    dialog.onclose = () => { if (dialog.returnValue === "delete") send(`/api/tables/${id}/delete`, { confirm: id }); };
    dialog.showModal();
  }
});
