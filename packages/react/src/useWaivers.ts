import type { WaiverCreate, WaiverInfoQuery, WaiverReportQuery, WaiverSign } from '@salondesk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { waiverQueries } from './waiverQueries';

const valid = (id: number) => Number.isInteger(id) && id > 0;

/** The location's waivers with their current version, and whether waivers are on (`waiversEnabled`). */
export function useWaivers(businessId: number) {
  const { client } = useSalondeskContext('useWaivers');
  return useQuery({ ...waiverQueries.list(client, businessId), enabled: valid(businessId) });
}

/** Every published version of a waiver, newest first. */
export function useWaiverVersions(businessId: number, waiverId: number) {
  const { client } = useSalondeskContext('useWaiverVersions');
  return useQuery({ ...waiverQueries.versions(client, businessId, waiverId), enabled: valid(businessId) && valid(waiverId) });
}

/** The report of a range: who signed what, and who must sign before an upcoming appointment. */
export function useWaiverReport(businessId: number, query: WaiverReportQuery) {
  const { client } = useSalondeskContext('useWaiverReport');
  return useQuery({ ...waiverQueries.report(client, businessId, query), enabled: valid(businessId) && query.start !== '' && query.end !== '', placeholderData: keepPreviousData });
}

/** A page of signatures (`waiver/get-info`); the previous page stays on screen while the next loads. */
export function useWaiverSignatures(businessId: number, query: WaiverInfoQuery) {
  const { client } = useSalondeskContext('useWaiverSignatures');
  return useQuery({ ...waiverQueries.info(client, businessId, query), enabled: valid(businessId) && query.start !== '' && query.end !== '', placeholderData: keepPreviousData });
}

/** One signature with the exact text of the version signed. */
export function useWaiverSignature(businessId: number, signatureId: number) {
  const { client } = useSalondeskContext('useWaiverSignature');
  return useQuery({ ...waiverQueries.signature(client, businessId, signatureId), enabled: valid(businessId) && valid(signatureId) });
}

/** What a client signed, newest first (the client profile). */
export function useCustomerWaiverSignatures(businessId: number, customerId: number) {
  const { client } = useSalondeskContext('useCustomerWaiverSignatures');
  return useQuery({ ...waiverQueries.ofCustomer(client, businessId, customerId), enabled: valid(businessId) && valid(customerId) });
}

/**
 * Every change to a location's waivers (`mutateAsync` of each): create, rename, publish a version,
 * delete, copy, assign to a service or category, turn waivers on or off, make a signing link. Each
 * refreshes the location's waiver queries when it succeeds.
 */
export function useWaiverChanges(businessId: number) {
  const { client, queryClient } = useSalondeskContext('useWaiverChanges');
  const refresh = () => queryClient.invalidateQueries({ queryKey: waiverQueries.business(businessId) });
  const w = client.waivers;
  return {
    create: useMutation({ mutationFn: (body: WaiverCreate) => w.create(businessId, body), onSuccess: refresh }),
    rename: useMutation({ mutationFn: (input: { waiverId: number; name: string }) => w.update(businessId, input.waiverId, { name: input.name }), onSuccess: refresh }),
    publish: useMutation({
      mutationFn: (input: { waiverId: number; template: string; baseVersionId: number }) =>
        w.updateTemplate(businessId, input.waiverId, { template: input.template, base_version_id: input.baseVersionId }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (waiverId: number) => w.remove(businessId, waiverId), onSuccess: refresh }),
    copy: useMutation({ mutationFn: (input: { waiverId: number; businessIds: number[] }) => w.copy(businessId, input.waiverId, input.businessIds), onSuccess: refresh }),
    assignService: useMutation({ mutationFn: (input: { serviceId: number; waiverIds: number[] }) => w.updateServiceWaivers(businessId, input.serviceId, input.waiverIds), onSuccess: refresh }),
    assignCategory: useMutation({ mutationFn: (input: { categoryId: number; waiverIds: number[] }) => w.updateCategoryWaivers(businessId, input.categoryId, input.waiverIds), onSuccess: refresh }),
    settings: useMutation({ mutationFn: (waiversEnabled: boolean) => w.updateSettings(businessId, { waiversEnabled }), onSuccess: refresh }),
    link: useMutation({ mutationFn: (input: { waiverId: number; customerId: number }) => w.link(businessId, input.waiverId, input.customerId) }),
  };
}

/** The public signing page: the version to sign (or what was signed) for a link's token. */
export function useWaiverSigningPage(token: string) {
  const { client } = useSalondeskContext('useWaiverSigningPage');
  return useQuery({ ...waiverQueries.signing(client, token), enabled: token !== '' });
}

/** Signs on the public page; the page's query is refreshed to show what was signed. */
export function useSignWaiver(token: string) {
  const { client, queryClient } = useSalondeskContext('useSignWaiver');
  return useMutation({
    mutationFn: (body: WaiverSign) => client.waivers.sign(token, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waiverQueries.signing(client, token).queryKey }),
  });
}
