/** The kind of item a sales line sells. Gift cards are services of a gift-card category (giftcard 2 or 3). */
export const LINE_KIND = { SERVICE: 'service', PRODUCT: 'product', GIFTCARD: 'giftcard' } as const;
export type LineKind = (typeof LINE_KIND)[keyof typeof LINE_KIND];
export const LINE_KIND_LABEL: Record<LineKind, string> = { service: 'Service', product: 'Retail', giftcard: 'Prepaid' };

