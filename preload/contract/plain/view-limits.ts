/** The longest name a saved view of the inbox may have: the contract checks it, the dialog's field stops there. */
export const VIEW_NAME_MAX = 60;
