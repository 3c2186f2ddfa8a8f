# Writes arrow-cpp-cdc.parquet: a table Arrow C++ (pyarrow) wrote with content-defined chunking, for
# ContentDefinedChunkingIT, which has Parrow write the same values with the same parameters and
# expects the same pages. Run once by hand (pyarrow 21 or later); the tests never run it.
import decimal

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

rng = np.random.default_rng(2026)
n = 12_000
mask = rng.random(n) < 0.1
ints = rng.integers(0, 1_000_000, n)


def nullable(values):
    return [None if m else v for m, v in zip(mask, values)]


table = pa.table(
    {
        "id": pa.array(np.arange(n, dtype="int64")),
        "i64": pa.array(nullable([int(x) * 7919 for x in ints]), pa.int64()),
        "i32": pa.array(rng.integers(-(2**31), 2**31 - 1, n).astype("int32")),
        "i8": pa.array(rng.integers(-128, 127, n).astype("int8")),
        "f64": pa.array(nullable(rng.random(n).tolist()), pa.float64()),
        "flag": pa.array(nullable([bool(x % 3) for x in ints]), pa.bool_()),
        "text": pa.array(nullable([f"text-{x}" * (1 + x % 3) for x in ints]), pa.string()),
        "dec": pa.array(
            nullable([decimal.Decimal(int(x)) / 100 for x in ints]), pa.decimal128(12, 2)
        ),
        "dict": pa.array(nullable([f"key-{x % 40}" for x in ints])).dictionary_encode(),
        "list": pa.array(
            nullable([[None if (x + k) % 7 == 0 else x + k for k in range(x % 4)] for x in ints]),
            pa.list_(pa.int64()),
        ),
        "struct": pa.StructArray.from_arrays(
            [
                pa.array([int(x) for x in ints], pa.int32()),
                pa.array(nullable([f"s{x % 1000}" for x in ints]), pa.string()),
            ],
            ["a", "b"],
            mask=pa.array(rng.random(n) < 0.05),
        ),
    }
)
pq.write_table(
    table,
    "arrow-cpp-cdc.parquet",
    use_content_defined_chunking={"min_chunk_size": 2048, "max_chunk_size": 8192, "norm_level": 0},
    row_group_size=5_000,
    data_page_size=1 << 30,
    max_rows_per_page=1 << 30,
    write_page_index=True,
    compression="zstd",
)
