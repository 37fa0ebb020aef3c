import { keepPreviousData } from '@tanstack/react-query';
import { contentEndpoints, type EndpointInput } from '@rehab/shared';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export type ContentQuery = EndpointInput<typeof contentEndpoints.page>['query'];

/** Everything a change touches: the lists, the detail, the homepages, categories and media. */
const all = [['sys', 'content']] as const;

export const useContentPage = (query: ContentQuery) =>
  useEndpointQuery(contentEndpoints.page, { query }, { select: (r) => r.data, placeholderData: keepPreviousData });

export const useContentItem = (id: number) =>
  useEndpointQuery(contentEndpoints.info, { params: { id } }, { select: (r) => r.data, enabled: id > 0, retry: false });

export const useHomepage = (kind: 'company' | 'hospital') =>
  useEndpointQuery(contentEndpoints.homepage, { params: { kind } }, { select: (r) => r.data });

export const useCategories = () => useEndpointQuery(contentEndpoints.categories, {}, { select: (r) => r.data });

export const useMedia = (enabled = true) =>
  useEndpointQuery(contentEndpoints.media, {}, { select: (r) => r.data, enabled });

export const useContentActions = () => ({
  save: useEndpointMutation(contentEndpoints.save, { invalidates: all }),
  submit: useEndpointMutation(contentEndpoints.submit, { invalidates: all }),
  approve: useEndpointMutation(contentEndpoints.approve, { invalidates: all }),
  reject: useEndpointMutation(contentEndpoints.reject, { invalidates: all }),
  unpublish: useEndpointMutation(contentEndpoints.unpublish, { invalidates: all }),
  remove: useEndpointMutation(contentEndpoints.remove, { invalidates: all }),
  preview: useEndpointMutation(contentEndpoints.preview),
});

export const useCategoryActions = () => ({
  save: useEndpointMutation(contentEndpoints.saveCategory, { invalidates: all }),
  remove: useEndpointMutation(contentEndpoints.deleteCategory, { invalidates: all }),
});
