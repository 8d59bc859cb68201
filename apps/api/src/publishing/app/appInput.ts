/** What the app is drawn with beyond the business's data: its colours and logo, when it has them. */
export interface AppLook {
  /** Its colours; default a dark colour chosen from its name (white text on it is readable). */
  colors?: { theme: string; background: string } | null;
  /** Its logo (any image sharp reads); the icons are drawn from its initials without one. */
  logo?: Buffer | null;
}
