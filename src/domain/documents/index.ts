export * from './document-status';
export * from './document-event-type';
export * from './document-state-machine';
export * from './public-query-url';
export * from './document-view';
export * from './document-search';
export * from './document-lines';
export * from './document-layouts';
