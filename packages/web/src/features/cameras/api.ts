import { keepPreviousData } from '@tanstack/react-query';
import { camerasEndpoints as e, type EndpointInput } from '@rehab/shared';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export const useCameras = (body: EndpointInput<typeof e.cameraList>['body']) =>
  useEndpointQuery(e.cameraList, { body }, { select: (r) => r.data, placeholderData: keepPreviousData });

export const useCameraGroups = () => useEndpointQuery(e.cameraGroupList, {}, { select: (r) => r.data });

export const useViews = (enabled: boolean) =>
  useEndpointQuery(e.viewList, { body: { page: 1, limit: 50 } }, { select: (r) => r.data, enabled });

const REGISTRY = [e.cameraList, e.cameraGroupList, e.cameraGroupGet];
export const useAddCamera = () => useEndpointMutation(e.cameraAdd, { invalidates: REGISTRY });
export const useUpdateCamera = () => useEndpointMutation(e.cameraUpdate, { invalidates: REGISTRY });
export const useDeleteCamera = () => useEndpointMutation(e.cameraDelete, { invalidates: REGISTRY });
export const useAddGroup = () => useEndpointMutation(e.cameraGroupAdd, { invalidates: REGISTRY });
export const useDeleteGroup = () => useEndpointMutation(e.cameraGroupDelete, { invalidates: REGISTRY });

/** A play token for a camera (a new view, or the same view renewed before its token expires). */
export const playToken = async (cameraId: number, viewId?: number) =>
  callEndpoint(e.getCameraToken, { params: { id: cameraId }, body: viewId ? { viewId } : {} });

/** The player closed: the view ends (a failure is only logged, spec section 8). */
export const endView = (viewId: number) =>
  callEndpoint(e.viewEnd, { params: { id: viewId } }).catch((error: unknown) => console.warn('view end', error));
