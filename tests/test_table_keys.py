"""CombinationTable item access: a rank indexes from either end as numpy does, a rank outside the table is an
IndexError naming the table's size, and a key of no kind is a TypeError naming the kinds a key can be."""

import re

import numpy as np
import pytest

import pokerhash as ph


@pytest.mark.parametrize("rank, shown", [(10**30, ">= 2**64"), (-10**30, "<= -2**64"), (1326, "1326"),
                                         (-1327, "-1327"), (np.uint64(2**64 - 1), "18446744073709551615")])
def test_a_rank_outside_the_table_is_an_index_error_naming_its_size(rank, shown):
    table = ph.CombinationTable(52, 2)
    message = rf"^rank {re.escape(shown)} outside this table of 1326 slots \(0\.\.1325, or -1326\.\.-1 from the end\)$"
    with pytest.raises(IndexError, match=message):
        table[rank]
    with pytest.raises(IndexError, match=message):
        table[rank] = 1


def test_table_ranks_in_range_still_index_from_either_end():
    table = ph.CombinationTable(52, 2)
    table[-1] = 7
    assert table[1325] == 7 and table[np.int16(-1)] == 7 and table["As Ah"] == 7


@pytest.mark.parametrize("key", [None, 1.5, np.float64(2.0), Ellipsis])
def test_a_key_of_no_kind_is_a_type_error_naming_the_table(key):
    with pytest.raises(TypeError, match=r"^a key of this table of 1326 slots is a rank, a slice, or a subset"):
        ph.CombinationTable(52, 2)[key]
