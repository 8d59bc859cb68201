import { transactionsBench } from './transactions';
transactionsBench().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
