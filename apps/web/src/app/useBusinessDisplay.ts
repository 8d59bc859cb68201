import { CURRENCY_SYMBOL, DEFAULT_TIMEZONE, formatMoney, timeInZone, type Business, type MetricFormat } from '@salondesk/core';
import { useBusiness } from '@salondesk/react';
import { useMemo } from 'react';

/** The symbol the business shows money with: its own setting, else its currency's, else `$`. */
export const currencySymbolOf = (business: Business | undefined): string =>
  business?.info.translationData?.currencySymbol ?? (business?.info.currency ? CURRENCY_SYMBOL[business.info.currency] : '$');

/** How a business shows money and times (its currency symbol and time zone). */
export function useBusinessDisplay(businessId: number) {
  const business = useBusiness(businessId);
  return useMemo(() => {
    const symbol = currencySymbolOf(business.data);
    const timezone = business.data?.timezone ?? DEFAULT_TIMEZONE;
    const money = (cents: number) => formatMoney(cents, symbol);
    const calendar = business.data?.info.calendarSettings as { weekStartsOn?: unknown } | undefined;
    return {
      business,
      symbol,
      timezone,
      money,
      time: (instant: string) => timeInZone(instant, timezone),
      /** The first day of the business's week (0 = Sunday): its schedule settings', else its calendar's. */
      weekStartsOn: business.data?.weekStartsOn ?? (typeof calendar?.weekStartsOn === 'number' ? calendar.weekStartsOn : 0),
      metric: (value: number, format: MetricFormat) =>
        format === 'money' ? money(value) : format === 'percent' ? `${value.toFixed(1)}%` : format === 'decimal' ? value.toFixed(2) : value.toLocaleString('en-US'),
    };
  }, [business]);
}
