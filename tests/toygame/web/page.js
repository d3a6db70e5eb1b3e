// Nim's page: the pile, whose turn it is, and a button for each number of stones that may be taken.
export function render(root, table, ctx) {
  const v = table.view;
  root.append(ctx.el("div", {},
    ctx.el("p", { class: "nim-pile", "data-test": "pile" }, `${v.pile} stones left`),
    v.to_move ? ctx.el("p", { "data-test": "to-move" }, `${v.to_move} to take`) : null,
    ctx.el("div", { class: "row" },
      [1, 2, 3].map((k) => ctx.el("button", {
        class: "big", "data-test": `take-${k}`, disabled: !v.legal.includes(k),
        onclick: () => ctx.move({ player: v.to_move ?? ctx.players[0], take: k }).catch(() => {}),
      }, `Take ${k}`))),
    // Not legal ever (NIM-2): lets the tests see the shell's refusal banner.
    ctx.el("button", { "data-test": "take-4", onclick: () => ctx.move({ player: v.to_move ?? "", take: 4 }).catch(() => {}) },
      "Take 4"),
  ));
}
