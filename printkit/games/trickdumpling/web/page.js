export function render(root) { root.textContent = 'Trick Dumpling'; }
