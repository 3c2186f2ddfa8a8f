"""pyarrow's side of ChunkingDedupRunner: writes SOURCE (a Parquet file) to OUTDIR twice, as it is
and with copies of its first 1% of rows inserted after its first half, each with pages cut by size
and with use_content_defined_chunking (Arrow's defaults): pyarrow-{false,true}[-edited].parquet.
Snappy, row groups of 2^20 rows, pages of 1 MiB and at most 20,000 rows, with a page index (the
runner finds the pages by it). Needs pyarrow 21 or later."""
import sys

import pyarrow as pa
import pyarrow.parquet as pq

source, out = sys.argv[1], sys.argv[2]
table = pq.read_table(source)
n = table.num_rows
middle, inserted = n // 2, n // 100
edited = pa.concat_tables(
    [table.slice(0, middle), table.slice(0, inserted), table.slice(middle)]
)
for cdc in (False, True):
    for name, t in (("", table), ("-edited", edited)):
        pq.write_table(
            t,
            f"{out}/pyarrow-{str(cdc).lower()}{name}.parquet",
            compression="snappy",
            row_group_size=1 << 20,
            data_page_size=1 << 20,
            max_rows_per_page=20_000,
            write_page_index=True,
            use_content_defined_chunking=cdc,
        )
print(f"pyarrow {pa.__version__} wrote {out}/pyarrow-*.parquet", file=sys.stderr)
