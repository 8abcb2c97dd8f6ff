"""The Redis channel layer that REDIS_URL switches on (channels-redis)."""

import uuid

import pytest
from channels_redis.core import RedisChannelLayer

from tests.conftest import redis_url

pytestmark = pytest.mark.redis


@pytest.fixture
async def layer():
    url = redis_url()
    # A prefix of its own so the test never sees another run's messages.
    channel_layer = RedisChannelLayer(hosts=[url], prefix=f"test-{uuid.uuid4().hex[:8]}")
    yield channel_layer
    await channel_layer.flush()
    await channel_layer.close_pools()


async def test_group_send_reaches_every_channel_in_the_group(layer):
    first = await layer.new_channel()
    second = await layer.new_channel()
    await layer.group_add("class-42", first)
    await layer.group_add("class-42", second)

    await layer.group_send("class-42", {"type": "board.update", "step": 3})

    assert await layer.receive(first) == {"type": "board.update", "step": 3}
    assert await layer.receive(second) == {"type": "board.update", "step": 3}


async def test_group_discard_stops_delivery(layer):
    stays = await layer.new_channel()
    leaves = await layer.new_channel()
    await layer.group_add("class-7", stays)
    await layer.group_add("class-7", leaves)
    await layer.group_discard("class-7", leaves)

    await layer.group_send("class-7", {"type": "board.update", "step": 1})

    assert await layer.receive(stays) == {"type": "board.update", "step": 1}
    await layer.send(leaves, {"type": "direct"})
    assert await layer.receive(leaves) == {"type": "direct"}
