"""One seed for every random source a task script may draw from."""
import random

import numpy
import torch


def seed_everything(seed):
    random.seed(seed)
    numpy.random.seed(seed % 2**32)
    torch.manual_seed(seed)
