/** The TanStack Table v9 features every sortable table here uses (library, compare). */
import { createSortedRowModel, rowSortingFeature, sortFns, tableFeatures } from '@tanstack/react-table';

export const sortableFeatures = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel(), sortFns });
