/**
 * The style of a form that wraps a dialog's content and actions: a column that lets the content
 * scroll, so Cancel and Save stay in view (a plain form made the whole dialog scroll, actions too).
 */
export const dialogFormStyle = { display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' } as const;
