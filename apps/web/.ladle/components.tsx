import type { GlobalProvider } from '@ladle/react';
import '../src/index.css';

/** Every story on the dashboard's background, with its fonts and colours. */
export const Provider: GlobalProvider = ({ children }) => <div className="min-h-40 bg-slate-50 p-6 font-sans text-slate-900">{children}</div>;
