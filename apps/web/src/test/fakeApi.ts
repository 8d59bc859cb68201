export { adminSession, businessDetail, fail, fakeApi, ok, ownerSession, type Reply, type Routes } from '@salondesk/core/testing';
