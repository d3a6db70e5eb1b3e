export function render(root, table, ctx) {}
