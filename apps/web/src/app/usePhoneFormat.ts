import { formatPhone, phoneCountryOf } from '@salondesk/core';
import { useBusiness } from '@salondesk/react';
import { useCallback } from 'react';

/**
 * Stored phones as the business's people read them: national for its own country (from its own
 * phone), international otherwise. Its own hook, so only the screens that show phones load the
 * phone metadata.
 */
export function usePhoneFormat(businessId: number): (phone: string) => string {
  const country = phoneCountryOf(useBusiness(businessId).data?.info.phone);
  return useCallback((phone: string) => formatPhone(phone, country), [country]);
}
