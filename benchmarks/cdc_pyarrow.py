"""pyarrow's side of ChunkingDedupRunner: writes SOURCE (a Parquet file) to OUTDIR twice, as it is
and with copies of its first 1% of rows (and 7) inserted after its first half (and 13), each with pages cut by size
and with use_content_defined_chunking (Arrow's defaults), with dictionaries and without:
pyarrow-{false,true}[-plain][-edited].parquet.
Snappy, row groups of 2^20 rows, pages of 1 MiB and at most 20,000 rows, with a page index (the
runner finds the pages by it). Needs pyarrow 21 or later."""
import sys

import pyarrow as pa
import pyarrow.parquet as pq

source, out = sys.argv[1], sys.argv[2]
table = pq.read_table(source)
n = table.num_rows
middle, inserted = n // 2 + 13, n // 100 + 7  # off the grid of fixed-size pages, as the runner
edited = pa.concat_tables(
    [table.slice(0, middle), table.slice(0, inserted), table.slice(middle)]
)
for plain in ("", "-plain"):
    for cdc in (False, True):
        for name, t in (("", table), ("-edited", edited)):
            pq.write_table(
                t,
                f"{out}/pyarrow-{str(cdc).lower()}{plain}{name}.parquet",
                use_dictionary=not plain,
                compression="snappy",
                row_group_size=1 << 20,
                data_page_size=1 << 20,
                max_rows_per_page=20_000,
                write_page_index=True,
                use_content_defined_chunking=cdc,
            )
print(f"pyarrow {pa.__version__} wrote {out}/pyarrow-*.parquet", file=sys.stderr)
