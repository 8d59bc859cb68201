import './index.css';

// The entry stays tiny: the application shell (React, the router, the providers) loads on demand
// and mounts at the root (spec 000 §2).
const root = document.getElementById('root');
if (root) void import('./app/App').then(({ mountApp }) => mountApp(root));
