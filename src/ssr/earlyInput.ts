// What a visitor did on a page sent as HTML before the app ran, kept by the page's boot script
// (scripts/boot-script.ts), and done again once the app has taken the page over.

type FieldState = { value: string; checked: boolean };
type EarlyInput = { tap: Element | null; values: Map<HTMLInputElement | HTMLTextAreaElement, FieldState>; open: boolean };

/**
 * Set by the boot script on the form control of a field focused or filled before the app ran: the
 * theme lifts its label as MUI would (src/theme.ts). The app takes it off once it has the field.
 */
export const EARLY_SHRINK_ATTRIBUTE = 'data-early-shrink';

const early = () => (window as unknown as { __inklinkEarlyInput?: EarlyInput }).__inklinkEarlyInput;

/** From now on React handles taps itself (it replays those made while it hydrates). */
export function stopKeepingTaps() {
  const input = early();
  if (input) input.open = false;
}

/**
 * Makes React hydrate the part of the page an element is in, now. The root's effects run before the
 * page's Suspense boundaries (the router's, around each route) are hydrated: React hydrates each in
 * a pass of its own, later. An event React replays (input, click…) on an element it has not hydrated
 * yet makes it hydrate that boundary at once and then handle the event (outside React's own work,
 * such as its effects); this one changes nothing, so no handler acts on it.
 */
const hydrateNow = (element: Element) => element.dispatchEvent(new Event('input', { bubbles: true }));

/**
 * A field's kept value, given to React as the visitor's own change: React hydrated the field with
 * the DOM's value but kept its state's, and reads a change only when the value differs from the
 * one it last saw (so that one is set first, through the element, then the kept one behind it).
 */
function replayField(field: HTMLInputElement | HTMLTextAreaElement, kept: FieldState) {
  hydrateNow(field);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    // A click checks a radio and toggles a checkbox; a radio left unchecked was changed by its group.
    if (field.type === 'radio' && !kept.checked) return;
    field.checked = !kept.checked;
    field.click();
    return;
  }
  const focused = document.activeElement === field;
  const { selectionStart, selectionEnd } = field;
  field.value = kept.value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, kept.value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  // A number, email or date field has no selection (selectionStart is null, and setSelectionRange
  // throws InvalidStateError): the caret of such a field is left where the browser puts it.
  if (focused && selectionStart !== null && selectionEnd !== null) field.setSelectionRange(selectionStart, selectionEnd);
}

/**
 * A button is pressed by a click; a MUI select opens on the mouse's press. Either event, too, makes
 * React hydrate the element's part of the page first.
 */
function pressAgain(tapped: HTMLElement) {
  if (tapped.getAttribute('role') === 'combobox')
    tapped.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
  else tapped.click();
}

/**
 * React hears of focus only through focus events: a field focused before the app ran is focused in
 * React's eyes once it gets one (MUI then lifts its label and colors its outline, as for a focus).
 */
function tellReactOfFocus(container: HTMLElement) {
  const field = document.activeElement;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !container.contains(field)) return;
  hydrateNow(field);
  field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
}

/**
 * Replays the kept input on the app's page: every field typed in, then the last button or select
 * tapped.
 * `sameElements`: the app hydrated the HTML (the same elements); otherwise it replaced it, and the
 * tapped button is found again by its label.
 */
export function replayEarlyInput(container: HTMLElement, sameElements: boolean) {
  const input = early();
  if (!input) return;
  input.open = false;
  const tap = input.tap;
  input.tap = null;
  if (!sameElements) {
    input.values.clear();
    const label = tap?.getAttribute('aria-label');
    if (label) container.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(label)}"]`)?.click();
    return;
  }
  for (const [field, kept] of input.values) if (field.isConnected) replayField(field, kept);
  input.values.clear();
  tellReactOfFocus(container);
  for (const control of container.querySelectorAll(`[${EARLY_SHRINK_ATTRIBUTE}]`)) control.removeAttribute(EARLY_SHRINK_ATTRIBUTE);
  if (tap?.isConnected && tap instanceof HTMLElement) pressAgain(tap);
}
