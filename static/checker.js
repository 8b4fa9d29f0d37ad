// The move checker on one phone screen (issue 13). The plain form works without this file; with it the
// tile picker waits in a sheet behind one button, each train's open end (and open double) is one button
// opening a sheet of ends, and the tile goes to the mover's own train unless another was tapped. Every
// control stays the form's own input, so what is sent is what the plain form sends.
"use strict";

(() => {
  const form = document.querySelector("form.checker");
  if (!form || typeof HTMLDialogElement !== "function") return;
  form.classList.add("enhanced");
  const close = form.querySelector(".tile-field")?.dataset.close || "×";
  let count = 0;

  const button = (text, className, onClick) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.textContent = text;
    b.addEventListener("click", onClick);
    return b;
  };

  // a modal sheet inside the form, so its inputs are sent with it; focus goes back where it came from
  const sheet = (title) => {
    const dialog = document.createElement("dialog");
    const head = document.createElement("div");
    const heading = document.createElement("h2");
    const body = document.createElement("div");
    heading.id = `sheet-${++count}`;
    heading.textContent = title;
    head.className = "sheet-head";
    body.className = "sheet-body";
    head.append(heading, button(close, "", () => dialog.close()));
    dialog.className = "sheet";
    dialog.setAttribute("aria-labelledby", heading.id);
    dialog.append(head, body);
    dialog.addEventListener("click", (e) => e.target === dialog && dialog.close()); // the backdrop
    dialog.addEventListener("keydown", (e) => { // Enter picks; it does not send the form
      if (e.key === "Enter" && e.target.matches("input")) { e.preventDefault(); dialog.close(); }
    });
    dialog.addEventListener("close", () => dialog.back?.focus());
    return { dialog, heading, body };
  };

  // the tile to lay: a button showing it, the set in a sheet that a tap on a tile closes
  for (const field of form.querySelectorAll(".tile-field")) {
    const grid = field.querySelector(".tile-picker");
    const legend = field.querySelector("legend");
    const { dialog, body } = sheet(legend.textContent);
    const open = button("", "pick-button", () => {
      dialog.showModal();
      (grid.querySelector("input:checked") || grid.querySelector("input:not(:disabled)"))?.focus();
    });
    const show = () => {
      const name = document.createElement("span");
      const value = document.createElement("b");
      name.textContent = legend.textContent;
      value.textContent = grid.querySelector("input:checked")?.value || field.dataset.pick;
      open.replaceChildren(name, value);
    };
    body.append(grid);
    grid.addEventListener("change", () => { show(); dialog.close(); });
    dialog.back = open;
    field.append(open, dialog);
    show();
  }

  // each train's open end: "–", "5", or "5|5" for an open double; one sheet serves every train
  const table = form.querySelector(".table-pic");
  const ends = table && sheet("");
  if (ends) table.append(ends.dialog);
  for (const row of table ? table.querySelectorAll(".train") : []) {
    const select = row.querySelector(".end select");
    const double = row.querySelector(".end input");
    const title = select.getAttribute("aria-label");
    const show = () => {
      const open = double.checked && select.value !== "";
      end.textContent = select.value === "" ? "–" : open ? `${select.value}|${select.value}` : select.value;
      end.classList.toggle("open-double", open);
      end.setAttribute("aria-label", `${title}: ${select.selectedOptions[0]?.text}${open ? `, ${table.dataset.double}` : ""}`);
    };
    const choices = (options, text, label, isDouble) => {
      const grid = document.createElement("div");
      grid.className = "end-grid";
      for (const o of options) {
        const b = button(text(o), o.value === "" ? "wide" : isDouble ? "double" : "", () => {
          select.value = o.value;
          double.checked = isDouble;
          show();
          ends.dialog.close();
        });
        b.setAttribute("aria-label", label(o));
        b.setAttribute("aria-pressed", String(select.value === o.value && double.checked === isDouble));
        grid.append(b);
      }
      return grid;
    };
    const end = button("", "end-button", () => {
      const options = [...select.options];
      const note = document.createElement("p");
      note.textContent = table.dataset.doubles;
      ends.heading.textContent = title;
      ends.body.replaceChildren(
        choices(options, (o) => (o.value === "" ? o.text : o.value), (o) => o.text, false),
        note,
        choices(options.filter((o) => o.value !== ""), (o) => `${o.value}|${o.value}`, (o) => `${o.value}-${o.value}`, true),
      );
      ends.dialog.back = end;
      ends.dialog.showModal();
      ends.body.querySelector("[aria-pressed=true]")?.focus();
    });
    row.querySelector(".end").append(end);
    show();
  }

  // the player to move: their row says so, and their own train is where the tile goes unless another was tapped
  const turn = form.querySelector("select[name=turn]");
  let mover = turn?.value;
  turn?.addEventListener("change", () => {
    for (const row of form.querySelectorAll(".train[data-seat]")) {
      const plays = row.querySelector(".plays");
      if (plays) plays.hidden = row.dataset.seat !== turn.value;
    }
    const aimed = form.querySelector("input[name=train]:checked");
    const own = form.querySelector(`input[name=train][value="${turn.value}"]`);
    if (own && (!aimed || aimed.value === mover)) own.checked = true;
    mover = turn.value;
  });
})();
