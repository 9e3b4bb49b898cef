import { periodArchiveView, type PeriodArchiveView } from '../../src/domain/archive/period-archive-view';
import { restResourceOf } from './view-resource';

/** The REST `period_archive` resource, derived from its view (ADR 0062, ADR 0072). */
const resource = restResourceOf<PeriodArchiveView>(periodArchiveView, { object: 'period_archive', id: 'PeriodArchive' });

export const periodArchiveResource = resource.schema;
export const serializePeriodArchive = resource.serialize;
