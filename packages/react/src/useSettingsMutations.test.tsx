import { type BusinessSetting } from '@salondesk/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffQueries } from './staffQueries';
import { ok } from '@salondesk/core/testing';
import { useBusinessSettings } from './useBusinessSettings';
import { useUpdateSetting } from './useSettingsMutations';
import { useStaffList } from './useStaffList';
import { fakeProvider } from './testing/fakeProvider';

const setting = (reload: boolean): BusinessSetting => ({
  id: 11,
  name: 'CALENDAR_START_DAY',
  prettyname: 'Week starts on',
  description: '',
  category: null,
  type: 'options',
  editable: true,
  cancopy: false,
  isunique: false,
  isvisible: 2,
  syncappt: false,
  reload,
  defaultvalue: 'Sunday',
  options: ['Sunday', 'Monday'],
  value: 'Monday',
  isDefault: false,
});

function setup(reload: boolean) {
  return fakeProvider({
    'GET /protected/business/3/bizsettings/get': ok({ groups: [{ kind: 'settings', name: 'Misc. Settings', settings: [setting(reload)] }] }),
    'GET /protected/business/3/getemployees': ok([]),
    'POST /protected/business/3/bizsettings/update': ok(setting(reload), 'Setting Updated Successfully'),
  });
}

const count = (calls: readonly string[], what: string) => calls.filter((c) => c.includes(what)).length;

describe('useUpdateSetting', () => {
  for (const reload of [false, true]) {
    it(`${reload ? 'refetches every query' : 'refetches only the settings'} after saving a setting ${reload ? 'with' : 'without'} reload`, async () => {
      const { api, wrapper, queryClient, client } = setup(reload);
      const { result } = renderHook(() => ({ settings: useBusinessSettings(3), staff: useStaffList(3), update: useUpdateSetting(3) }), { wrapper });
      await waitFor(() => expect(result.current.settings.isSuccess && result.current.staff.isSuccess).toBe(true));
      const calls = () => api.calls.map((c) => (typeof c === 'string' ? c : JSON.stringify(c)));
      const staffBefore = count(calls(), 'getemployees');
      const settingsBefore = count(calls(), 'bizsettings/get');
      await act(() => result.current.update.mutateAsync({ settingTypeId: 11, value: 'Monday' }));
      await waitFor(() => expect(count(calls(), 'bizsettings/get')).toBe(settingsBefore + 1));
      expect(count(calls(), 'getemployees')).toBe(staffBefore + (reload ? 1 : 0));
      expect(queryClient.getQueryState(staffQueries.list(client, 3).queryKey)?.isInvalidated ?? false).toBe(false);
    });
  }
});
